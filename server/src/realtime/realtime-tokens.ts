/** The RealtimePublisher of this process: the gateway's server in the API, the Redis emitter in a worker. */
export const REALTIME_PUBLISHER = Symbol('REALTIME_PUBLISHER');
