/*
 * Player risk's face to other modules: tags, the condition "has this tag", notes for the timeline,
 * what a player bound (for linked accounts) and how many players are linked to each.
 */
export { hasTag, tagsOf } from './tags.js';
export { noteTimeline } from './timeline.js';
export { linkCountsOf, linksOf, noteIdentifier } from './linked.js';
