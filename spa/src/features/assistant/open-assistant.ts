/** Asks the Sparky widget (mounted by the root layout for signed-in users) to open. */
export const OPEN_ASSISTANT_EVENT = 'raisespark:open-assistant';

export function openAssistant() {
  window.dispatchEvent(new CustomEvent(OPEN_ASSISTANT_EVENT));
}
