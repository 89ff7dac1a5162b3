/**
 * What the server puts into a page's first screen for the player app, in the same amounts the app
 * then asks for (apps/server src/first-screen.ts, apps/web src/features/home): the page's queries
 * find their answers already there only if both ask alike.
 */

/** The matches /home asks for: the six it shows, and four for finished ones filling the page. */
export const HOME_MATCHES_ASKED = 10;
