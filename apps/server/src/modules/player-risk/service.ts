/* Player risk's face to other modules: tags, the condition "has this tag", notes for the timeline. */
export { hasTag, tagsOf } from './tags.js';
export { noteTimeline } from './timeline.js';
