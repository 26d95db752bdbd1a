/**
 * In-process listeners for one kind of event, for a feature that must tell another without
 * importing it: the users and gallery features announce, the realtime module listens, and neither
 * side touches the other's sockets or repositories. Listeners run synchronously, in the order they
 * were added, so an announcement has reached every listener by the time `announce` returns.
 */
export class Announcer<Args extends unknown[]> {
  private readonly listeners = new Set<(...args: Args) => void>();

  /** Listeners are the app's singletons and live as long as it does: none is ever removed. */
  listen(listener: (...args: Args) => void): void {
    this.listeners.add(listener);
  }

  announce(...args: Args): void {
    for (const listener of this.listeners) listener(...args);
  }
}
