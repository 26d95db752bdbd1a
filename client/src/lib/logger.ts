/** The client's only console access: failures the spec keeps silent are still recorded here. */
export const logger = {
  warn(message: string, detail?: unknown): void {
    console.warn(`[atelier] ${message}`, ...(detail === undefined ? [] : [detail]));
  },
  error(message: string, detail?: unknown): void {
    console.error(`[atelier] ${message}`, ...(detail === undefined ? [] : [detail]));
  },
};
