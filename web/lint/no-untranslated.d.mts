import type { Rule } from 'eslint';

export const noUntranslated: Rule.RuleModule;
declare const plugin: { rules: Record<string, Rule.RuleModule> };
export default plugin;
