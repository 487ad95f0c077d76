// Red for errors and destructive actions: the text colour and the filled button, in light and dark.

/** Red for errors and destructive actions only (prices keep the up/down tokens). */
export const errorText = "text-red-700 dark:text-red-400";

/** The filled red of a button that destroys or shuts out (delete, ban): after a confirmation. */
export const dangerButton =
  "bg-red-700 text-white hover:bg-red-700/90 dark:bg-red-500 dark:text-black";
