/** Toasts (spec 9): top-right, auto-close after 5000 ms, newest on top. */
export const TOAST_DURATION_MS = 5000;
/** A toast dragged sideways by this share of its width is dismissed (spec 9). */
export const TOAST_DRAG_DISMISS = 0.8;

export interface Toast {
  id: number;
  message: string;
  type: 'info' | 'success' | 'warning' | 'error';
  args?: Record<string, unknown>;
  duration: number;
}

/**
 * react-admin tells a saved, created or deleted record as an 'info' toast keyed
 * `resources.<resource>.notifications.updated` (or `ra.notification.updated`).
 */
const SAVE_DONE = /^(ra\.notification|resources\..+\.notifications)\.(created|updated|deleted)$/;

/** Whether a toast tells that something succeeded: a 'success' toast or react-admin's save outcome. */
export const isSuccess = (toast: Pick<Toast, 'type' | 'message'>): boolean => toast.type === 'success' || SAVE_DONE.test(toast.message);

/**
 * Newest first. A success closes the error toasts shown before it (issue 27): after a retried
 * save succeeds, the first attempt's error is stale and would contradict the success beside it.
 * Warnings and infos stay; an error after the success stays too.
 */
export const pushToast = (list: Toast[], toast: Toast): Toast[] => [toast, ...(isSuccess(toast) ? list.filter((t) => t.type !== 'error') : list)];
export const dropToast = (list: Toast[], id: number): Toast[] => list.filter((t) => t.id !== id);
