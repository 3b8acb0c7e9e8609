// What the sync status says to visitors; apart from engine.ts so the shell shows them without loading it.
export const OFFLINE_MESSAGE = 'Offline — showing saved data';
export const QUOTA_MESSAGE = 'Not enough storage on this device: the saved show data was cleared and will download again when there is room.';
export const TIMEOUT_MESSAGE = 'The show server did not answer in time; trying again shortly.';
/** Shown with a Reload button (src/app/outdated-message.tsx). */
export const OUTDATED_MESSAGE = 'This show needs the latest version of the app';
