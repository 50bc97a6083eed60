/** The message files compiled at build time (web/build/messages-plugin.mts). */
declare module 'virtual:hearth-messages' {
  export const loaders: Record<
    string,
    () => Promise<{ default: Record<string, string | import('@formatjs/icu-messageformat-parser').MessageFormatElement[]> }>
  >;
  /** the sections loaded with their pages: per section, a loader per language */
  export const sections: Record<
    string,
    Record<string, () => Promise<{ default: Record<string, string | import('@formatjs/icu-messageformat-parser').MessageFormatElement[]> }>>
  >;
}
declare module 'virtual:hearth-messages/*' {
  const messages: Record<string, string | import('@formatjs/icu-messageformat-parser').MessageFormatElement[]>;
  export default messages;
}
