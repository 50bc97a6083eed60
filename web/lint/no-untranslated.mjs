/**
 * ESLint rule `hearth/no-untranslated`: every word a person reads comes from the message files
 * (`t('…')` of `useT()`, or `translate('…')` outside a component), never from a string in a
 * component. It reports
 * - text between JSX tags (`<h1>Notes</h1>`),
 * - a string given to a prop that people read or hear (`aria-label`, `title`, `placeholder`, `alt`,
 *   `label`, `hint`, `…Label`, `…Text`, …), also inside a condition (`title={a ? 'x' : 'y'}`),
 * - a string put between tags through braces (`{busy ? 'Saving…' : 'Save'}`),
 * - and anywhere in the file, a string that reads as English words: a capitalised word followed by
 *   more words (`'No places yet'`), or a capitalised word closing a sentence (`'Saved.'`).
 * Names of things (`'Income'`, `'NoteItem'`), keys, classes and URLs are not text and pass.
 */

const LETTER = /\p{L}/u;
/** props whose values are tokens for the browser, never read: `enterKeyHint="enter"`, `inputMode="decimal"` */
const TOKEN_PROP = /^(enterKeyHint|inputMode|autoComplete|autoCapitalize)$/;
/** a URL or its scheme (`https://`, `mailto:`): the same in every language */
const URL_TEXT = /^\s*[a-z][a-z0-9+.-]*:(\/\/)?\S*\s*$/i;
/** props whose values are read: by name (`aria-label`, `title`) or by ending (`emptyLabel`, `errorText`) */
const ARIA_TEXT = 'aria-(label|description|roledescription|valuetext|placeholder)';
const TEXT_PROP_NAMES = 'title|placeholder|alt|label|hint|legend|heading|description|message|caption|summary|confirm|empty';
const TEXT_PROP_ENDINGS = 'Label|Text|Title|Message|Hint|Heading|Caption|Description';
const TEXT_PROP = new RegExp(`^(${ARIA_TEXT}|${TEXT_PROP_NAMES})$|(${TEXT_PROP_ENDINGS})$`);
const SENTENCE = /^\s*\p{Lu}[\p{Ll}’']+(?:[,:;]?\s+\S+)+|^\s*\p{Lu}[\p{Ll}’']+[.!?…]\s*$/u;
/** calls whose string arguments are not text: message ids, class names, matching, logging */
const NOT_TEXT_CALLS = new Set([
  't',
  'translate',
  'require',
  'matchMedia',
  'querySelector',
  'querySelectorAll',
  'getItem',
  'setItem',
  'removeItem',
  'warn',
  'error',
  'log',
]);

/** The value expressions a JSX position shows: through conditions, `&&`/`??`, `+` and templates. */
function shownStrings(node, out = []) {
  if (!node) return out;
  switch (node.type) {
    case 'Literal':
      if (typeof node.value === 'string') out.push(node);
      break;
    case 'TemplateLiteral':
      out.push(node);
      break;
    case 'ConditionalExpression':
      shownStrings(node.consequent, out);
      shownStrings(node.alternate, out);
      break;
    case 'LogicalExpression':
      shownStrings(node.left, out);
      shownStrings(node.right, out);
      break;
    case 'BinaryExpression':
      if (node.operator === '+') {
        shownStrings(node.left, out);
        shownStrings(node.right, out);
      }
      break;
    default:
  }
  return out;
}

function textOf(node) {
  if (node.type === 'Literal') return String(node.value);
  if (node.type === 'TemplateLiteral') return node.quasis.map((quasi) => quasi.value.cooked ?? '').join(' ');
  return '';
}

function calleeName(call) {
  const callee = call.callee;
  if (callee.type === 'Identifier') return callee.name;
  if (callee.type === 'MemberExpression' && callee.property.type === 'Identifier') return callee.property.name;
  return '';
}

/** A string that is an id, an import, a type, an object key or the argument of a call that takes no text. */
function isNotText(node) {
  const parent = node.parent;
  if (!parent) return true;
  if (
    parent.type === 'ImportDeclaration' ||
    parent.type === 'ExportNamedDeclaration' ||
    parent.type === 'ExportAllDeclaration' ||
    parent.type === 'ImportExpression'
  )
    return true;
  if (parent.type === 'TSLiteralType' || parent.type === 'TSEnumMember') return true;
  if (parent.type === 'Property' && parent.key === node && !parent.computed) return true;
  if (parent.type === 'JSXAttribute') return true; // judged by the prop's name
  if (parent.type === 'CallExpression' && parent.arguments.includes(node) && NOT_TEXT_CALLS.has(calleeName(parent))) return true;
  if (parent.type === 'ExpressionStatement' && parent.directive) return true;
  return false;
}

export const noUntranslated = {
  meta: {
    type: 'problem',
    docs: { description: 'User-visible text comes from the message files (useT / translate), not from a string in a component' },
    schema: [],
    messages: {
      jsxText: 'Text “{{text}}” between tags: put it in locales/en.json and locales/de.json and show it with t(…).',
      prop: 'The {{prop}} “{{text}}” is read by people: take it from the message files with t(…).',
      shown: 'The string “{{text}}” is shown on the page: take it from the message files with t(…).',
      sentence: 'The string “{{text}}” reads as English text: take it from the message files with t(…) or translate(…).',
    },
  },
  create(context) {
    const reported = new Set();
    const report = (node, messageId, data) => {
      if (reported.has(node)) return;
      reported.add(node);
      context.report({ node, messageId, data: { ...data, text: data.text.trim().slice(0, 40) } });
    };
    return {
      JSXText(node) {
        if (LETTER.test(node.value)) report(node, 'jsxText', { text: node.value });
      },
      JSXAttribute(node) {
        const name = node.name.type === 'JSXNamespacedName' ? `${node.name.namespace.name}:${node.name.name.name}` : node.name.name;
        if (!TEXT_PROP.test(name) || TOKEN_PROP.test(name) || !node.value) return;
        const value = node.value.type === 'JSXExpressionContainer' ? node.value.expression : node.value;
        for (const string of shownStrings(value)) {
          if (LETTER.test(textOf(string)) && !URL_TEXT.test(textOf(string))) report(string, 'prop', { prop: name, text: textOf(string) });
        }
      },
      JSXExpressionContainer(node) {
        if (node.parent.type === 'JSXAttribute') return;
        for (const string of shownStrings(node.expression)) {
          if (LETTER.test(textOf(string))) report(string, 'shown', { text: textOf(string) });
        }
      },
      Literal(node) {
        if (typeof node.value === 'string' && SENTENCE.test(node.value) && !isNotText(node)) report(node, 'sentence', { text: node.value });
      },
      TemplateLiteral(node) {
        if (node.parent?.type === 'TaggedTemplateExpression') return;
        if (node.quasis.some((quasi) => SENTENCE.test(quasi.value.cooked ?? '')) && !isNotText(node)) report(node, 'sentence', { text: textOf(node) });
      },
    };
  },
};

export default { rules: { 'no-untranslated': noUntranslated } };
