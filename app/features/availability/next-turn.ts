/**
 * Gives the server's thread back for a moment: timers, I/O and other requests run before the
 * caller goes on. Long calendar work (a 5,000-event feed) pauses so between chunks (decision 092).
 */
export const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));
