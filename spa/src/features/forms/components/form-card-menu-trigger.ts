/** The form card's menu button: the Radix trigger and its stand-in look the same. */
export const MENU_TRIGGER_CLASSES = 'rounded-md p-1.5 text-gray-500 hover:bg-gray-100 hover:text-gray-900';
