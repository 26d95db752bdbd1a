/** SPEC section 5: a base workflow's content must parse as JSON. */
export function jsonProblem(text: string): string | null {
  try {
    JSON.parse(text);
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

/** Pretty-prints with two spaces (the editor's tab width), or says why it cannot. */
export function formatJson(text: string): { ok: true; text: string } | { ok: false; message: string } {
  try {
    return { ok: true, text: JSON.stringify(JSON.parse(text), null, 2) };
  } catch (error) {
    return { ok: false, message: error instanceof Error ? error.message : String(error) };
  }
}

/** Files are saved with a .json suffix; the name field shows the name without it. */
export const stripJsonSuffix = (name: string) => name.replace(/\.json$/i, '');
// trimmed without the suffix too, as the server names the file: 'a .json' is saved as a.json
export const withJsonSuffix = (name: string) => `${stripJsonSuffix(name.trim()).trim()}.json`;
