/** Something stops the seed that the operator must resolve; the message, printed alone, says how. */
export class DemoSeedError extends Error {}
