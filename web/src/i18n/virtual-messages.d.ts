/** The message files compiled at build time (web/build/messages-plugin.mts). */
declare module 'virtual:hearth-messages' {
  type Loader = () => Promise<{ default: Record<string, string | import('@formatjs/icu-messageformat-parser').MessageFormatElement[]> }>;
  export const loaders: Record<string, Loader>;
  /** the lazily loaded features' messages: part → language → loader */
  export const parts: Record<string, Record<string, Loader>>;
}
declare module 'virtual:hearth-messages/*' {
  const messages: Record<string, string | import('@formatjs/icu-messageformat-parser').MessageFormatElement[]>;
  export default messages;
}
