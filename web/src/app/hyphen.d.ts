/** The `hyphen` library's per-language entry points (its patterns are bundled in each). */
declare module 'hyphen/*' {
  export function hyphenateSync(text: string, options?: { hyphenChar?: string; minWordLength?: number; exceptions?: string[] }): string;
  export function hyphenate(text: string, options?: { hyphenChar?: string; minWordLength?: number; exceptions?: string[] }): Promise<string>;
}
