// What the cameras service and its jobs need of the instance liveness (decision record 062): which instance holds the
// rooms this process's media server takes, and the minute's sweep of gone instances. The liveness drives the cameras
// service (room events, graces that ran out), so the service knows it only by this port, and neither file imports
// the other.
export interface InstanceLiveness {
  /** The instance that holds the rooms its media server takes: this one once started, else none. */
  holder(): string | null;
  /** The minute's sweep (on any instance): sessions of gone instances into grace, long-gone instances forgotten. */
  sweep(): Promise<number>;
}
