/**
 * Spec 4, Chat: sending turns auto-scroll on; it turns off when the user scrolls up more than
 * 100 px from the bottom of the message list and on again within 10 px of the bottom.
 * Between the two it keeps its state, so a small scroll does not fight the user.
 */
export const SCROLL_UP_OFF_PX = 100;
export const NEAR_BOTTOM_ON_PX = 10;

export type ScrollBox = { scrollTop: number; scrollHeight: number; clientHeight: number };

export function distanceFromBottom({ scrollTop, scrollHeight, clientHeight }: ScrollBox): number {
  return Math.max(0, scrollHeight - scrollTop - clientHeight);
}

/** The auto-scroll state after the user scrolled the list to `box`. */
export function autoScrollAfterScroll(current: boolean, box: ScrollBox): boolean {
  const distance = distanceFromBottom(box);
  if (distance > SCROLL_UP_OFF_PX) return false;
  if (distance <= NEAR_BOTTOM_ON_PX) return true;
  return current;
}
