/**
 * Inactivity (spec 8): after WARN_AFTER_MS without activity a warning says the session will
 * close; if nothing happens for LOGOUT_AFTER_WARNING_MS more, the user is logged out. Any
 * activity (mouse movement) resets the timer.
 */
export const WARN_AFTER_MS = 15 * 60 * 1000;
export const LOGOUT_AFTER_WARNING_MS = 60 * 1000;

export interface InactivityCallbacks {
  onWarn: () => void;
  onExpire: () => void;
}

export class InactivityTimer {
  private warnTimer: ReturnType<typeof setTimeout> | undefined;
  private expireTimer: ReturnType<typeof setTimeout> | undefined;
  private warned = false;

  constructor(
    private readonly callbacks: InactivityCallbacks,
    private readonly warnAfter = WARN_AFTER_MS,
    private readonly logoutAfterWarning = LOGOUT_AFTER_WARNING_MS,
  ) {}

  /** Starts (or restarts) counting from now. */
  reset(): void {
    this.clear();
    this.warned = false;
    this.warnTimer = setTimeout(() => {
      this.warned = true;
      this.callbacks.onWarn();
      this.expireTimer = setTimeout(() => this.callbacks.onExpire(), this.logoutAfterWarning);
    }, this.warnAfter);
  }

  get isWarning(): boolean {
    return this.warned;
  }

  stop(): void {
    this.clear();
  }

  private clear(): void {
    if (this.warnTimer !== undefined) clearTimeout(this.warnTimer);
    if (this.expireTimer !== undefined) clearTimeout(this.expireTimer);
    this.warnTimer = undefined;
    this.expireTimer = undefined;
  }
}
