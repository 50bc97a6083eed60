/** The message files compiled at build time (web/build/messages-plugin.ts). */
declare module 'virtual:hearth-messages' {
  export const loaders: Record<string, () => Promise<{ default: Record<string, string | import('@formatjs/icu-messageformat-parser').MessageFormatElement[]> }>>;
}
declare module 'virtual:hearth-messages/*' {
  const messages: Record<string, string | import('@formatjs/icu-messageformat-parser').MessageFormatElement[]>;
  export default messages;
}
