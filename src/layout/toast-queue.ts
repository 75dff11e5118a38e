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

/** Newest first. */
export const pushToast = (list: Toast[], toast: Toast): Toast[] => [toast, ...list];
export const dropToast = (list: Toast[], id: number): Toast[] => list.filter((t) => t.id !== id);
