// The check that an error message was written for our users: words of the frameworks' English defaults never
// appear in one. Shared by the hostile-fields test and the schema fuzzing (issue 24, item 4); the portal's own
// wider list is contract/common.ts's isReadableMessage.

/** Words of the frameworks' English defaults: an answer that carries them was not written for our users. */
export const ENGLISH_WORDS = /\b(the|must|invalid|error|expected|internal|bad request|not found)\b/i
