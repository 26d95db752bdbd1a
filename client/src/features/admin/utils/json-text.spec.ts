import { describe, expect, it } from 'vitest';
import { formatJson, jsonProblem, withJsonSuffix } from './json-text';

describe('json text', () => {
  it('names what does not parse', () => {
    expect(jsonProblem('{"a": 1}')).toBeNull();
    expect(jsonProblem('{"a": ')).toMatch(/JSON/);
  });

  it('formats with two spaces or says why not', () => {
    expect(formatJson('{"a":[1,2]}')).toEqual({ ok: true, text: '{\n  "a": [\n    1,\n    2\n  ]\n}' });
    expect(formatJson('{"a"')).toMatchObject({ ok: false });
  });

  it('saves names with one .json suffix', () => {
    expect(withJsonSuffix(' portrait ')).toBe('portrait.json');
    expect(withJsonSuffix('portrait.json')).toBe('portrait.json');
    // as the server names it, so 'Saved as' shows the file that is made
    expect(withJsonSuffix('night shift .json')).toBe('night shift.json');
  });
});
