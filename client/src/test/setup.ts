import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// whole pages mount here on two shared cores: findBy* waits 5 s, not Testing Library's 1 s
configure({ asyncUtilTimeout: 5000 });

// jsdom lays nothing out, so it has no ResizeObserver; Chakra's autoresize and indicators only need it to exist.
if (!('ResizeObserver' in globalThis)) {
  globalThis.ResizeObserver = class {
    observe(): void {}
    unobserve(): void {}
    disconnect(): void {}
  };
}

// CodeMirror measures text ranges; jsdom's Range has no layout methods at all.
if (!('getClientRects' in Range.prototype)) {
  const noRect = () => new DOMRect(0, 0, 0, 0);
  Object.assign(Range.prototype, {
    getClientRects: () => Object.assign([], { item: () => null }),
    getBoundingClientRect: noRect,
  });
}

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});
