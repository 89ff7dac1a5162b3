/* Player risk's face to other modules: a player's tags, and the condition "has this tag". */
export { hasTag, tagsOf } from './tags.js';
