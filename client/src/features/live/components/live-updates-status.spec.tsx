import { act, screen } from '@testing-library/react';
import { createStore } from 'jotai';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderUi } from '../../../test/render-ui';
import { liveConnectionAtom, type LiveConnection } from '../atoms/live-connection-atom';
import { LIVE_UPDATES_CONNECTING, LIVE_UPDATES_PAUSED, LiveUpdatesStatus } from './live-updates-status';

const paused = () => screen.queryByText(LIVE_UPDATES_PAUSED);
const connecting = () => screen.queryByText(LIVE_UPDATES_CONNECTING);
const wait = (ms: number) =>
  act(() => {
    vi.advanceTimersByTime(ms);
  });

describe('the live updates status line', () => {
  let store: ReturnType<typeof createStore>;

  beforeEach(() => {
    vi.useFakeTimers();
    store = createStore();
    renderUi(<LiveUpdatesStatus />, { store });
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  const connection = (state: LiveConnection) => act(() => store.set(liveConnectionAtom, state));

  it('says nothing while reconnecting for under 2 s, then says live updates are paused in a status line', () => {
    connection('down');
    wait(1900);
    expect(paused()).toBeNull();

    wait(200);
    expect(screen.getByRole('status')).toHaveTextContent(LIVE_UPDATES_PAUSED);
  });

  it('goes away as soon as the connection is back, and waits 2 s afresh after the next drop', () => {
    connection('down');
    wait(2500);
    expect(paused()).not.toBeNull();

    connection('up');
    expect(paused()).toBeNull();
    expect(screen.getByRole('status')).toBeEmptyDOMElement();

    connection('down');
    wait(1500);
    expect(paused()).toBeNull();
    wait(600);
    expect(paused()).not.toBeNull();
  });

  it('does not show for a blip shorter than 2 s, however often it happens', () => {
    for (let i = 0; i < 4; i++) {
      connection('down');
      wait(1500);
      connection('up');
      wait(1000);
    }
    expect(paused()).toBeNull();
  });

  it('does not show when nothing is trying to connect: signed out, or the session was refused', () => {
    connection('down');
    wait(1000);
    connection('off');
    wait(10_000);
    expect(paused()).toBeNull();

    connection('connecting');
    wait(1000);
    connection('off');
    wait(10_000);
    expect(connecting()).toBeNull();
  });

  it('says it is connecting, not reconnecting, when the first connection takes over 2 s', () => {
    connection('connecting');
    wait(1900);
    expect(connecting()).toBeNull();

    wait(200);
    expect(screen.getByRole('status')).toHaveTextContent(LIVE_UPDATES_CONNECTING);
    expect(paused()).toBeNull();

    connection('up');
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });

  it('says reconnecting once a connection that was made is lost, and waits 2 s afresh for it', () => {
    connection('connecting');
    wait(2500);
    connection('up');
    connection('down');
    wait(1500);
    expect(paused()).toBeNull();
    expect(connecting()).toBeNull();

    wait(600);
    expect(screen.getByRole('status')).toHaveTextContent(LIVE_UPDATES_PAUSED);
    expect(connecting()).toBeNull();
  });
});
