import { createSystem, defaultConfig } from '@chakra-ui/react';

/**
 * Chakra's defaults, but for the focus ring of the gray palette (most controls): gray.400 on white
 * is 2.6:1, under the 3:1 a focus indicator needs; gray.600 is 7.7:1. On the dark background
 * gray.400 already stands out.
 */
export const system = createSystem(defaultConfig, {
  // a dialog titled or filled with a long unbroken name ("Edit uuuu…", 200 characters) wraps it
  // inside the dialog instead of running across the page
  globalCss: {
    '[data-scope="dialog"]:is([data-part="title"], [data-part="body"])': { overflowWrap: 'anywhere' },
    // typed text takes its direction from its own first letters, as dir="auto" would: a prompt or
    // name in Arabic or Hebrew reads right to left, with its punctuation at the right end
    'input:is(:not([type]), [type="text"], [type="search"]), textarea': { unicodeBidi: 'plaintext' },
  },
  theme: {
    semanticTokens: {
      colors: {
        gray: { focusRing: { value: { _light: '{colors.gray.600}', _dark: '{colors.gray.400}' } } },
      },
    },
  },
});
