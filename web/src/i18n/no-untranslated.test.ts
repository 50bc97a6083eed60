import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, it } from 'vitest';
import { noUntranslated } from '../../lint/no-untranslated.mjs';

RuleTester.describe = describe;
RuleTester.it = it;

const tester = new RuleTester({ languageOptions: { parser: tseslint.parser, parserOptions: { ecmaFeatures: { jsx: true } } } });

describe('hearth/no-untranslated', () => {
  tester.run('no-untranslated', noUntranslated, {
    valid: [
      // text from the message files
      "const a = <h1>{t('notes.title')}</h1>;",
      "const a = <Button aria-label={t('common.close')}>×</Button>;",
      "const a = <Field label={t('auth.username')} hint={t('auth.usernameHint')} />;",
      "const a = <p>{busy ? t('common.loading') : t('common.save')}</p>;",
      // names of things, keys, classes, routes, symbols
      'const a = <div className="row main" role="status" id="page-title">{item.name} · {\'★\'.repeat(3)}</div>;',
      'const a = <Link to="/notes/new" type="button" />;',
      "const TYPES = { Expense: 'budget.type.Expense' }; const kind = 'Income';",
      "if (event.key === 'Escape') close();",
      "import { Button } from '@/ui';",
      "type Stage = 'Uploading' | 'Failed';",
      "translate('problem.unexpected', { wait: '5 seconds' });",
      // tokens for the browser and URLs are the same in every language
      'const a = <input enterKeyHint="enter" inputMode="decimal" placeholder="https://" />;',
    ],
    invalid: [
      { code: 'const a = <h1>Notes</h1>;', errors: [{ messageId: 'jsxText' }] },
      { code: 'const a = <p>You have signed out. {name}</p>;', errors: [{ messageId: 'jsxText' }] },
      { code: 'const a = <button aria-label="Close">×</button>;', errors: [{ messageId: 'prop' }] },
      { code: 'const a = <Field label="Username" />;', errors: [{ messageId: 'prop' }] },
      { code: "const a = <Input placeholder={'Search'} />;", errors: [{ messageId: 'prop' }] },
      { code: "const a = <Page title={editing ? 'Edit note' : 'New note'} />;", errors: [{ messageId: 'prop' }, { messageId: 'prop' }] },
      { code: 'const a = <DangerAction confirmLabel="Delete" />;', errors: [{ messageId: 'prop' }] },
      { code: "const a = <p>{busy ? 'Saving…' : 'Save'}</p>;", errors: [{ messageId: 'shown' }, { messageId: 'shown' }] },
      { code: 'const a = <p>{`${count} items`}</p>;', errors: [{ messageId: 'shown' }] },
      { code: "setMessage('The order was not changed.');", errors: [{ messageId: 'sentence' }] },
      { code: "const steps = [{ title: 'Add a category' }];", errors: [{ messageId: 'sentence' }] },
      { code: "throw new Error('Saved.');", errors: [{ messageId: 'sentence' }] },
      { code: 'const message = `Trying again in ${wait}.`;', errors: [{ messageId: 'sentence' }] },
    ],
  });
});
