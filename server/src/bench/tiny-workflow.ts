/**
 * The configurable parameters of the tiny JSON workflow the bench and the pipeline tests run:
 * prompt, a fixed seed, width and height up to 64 px, drawn by the builtin renderer in milliseconds.
 */
export function tinyWorkflowParams(prompt: string, size: number): Record<string, Record<string, unknown>> {
  const dimension = (display_name: string, input: string) => ({
    type: 'number',
    display_name,
    min: 16,
    max: 64,
    step: 16,
    default_value: size,
    node: '3',
    input,
  });
  return {
    prompt: { type: 'text', display_name: 'Prompt', default_value: prompt, node: '1', input: 'text' },
    seed: {
      type: 'seed_control',
      display_name: 'Seed',
      default_mode: 'fixed',
      default_value: 7,
      node: '2',
      input: 'seed',
    },
    width: dimension('Width', 'width'),
    height: dimension('Height', 'height'),
  };
}
