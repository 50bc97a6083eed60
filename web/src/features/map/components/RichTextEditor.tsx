/**
 * The description editor (Quill 2, loaded only by the marker form). It offers exactly the formats the
 * API's allow-list keeps (paragraphs, bold, italic, underline, strike, headings, lists, quotes,
 * links) and hands back semantic HTML; the server sanitises whatever arrives anyway.
 */
import { useEffect, useRef } from 'react';
import Quill from 'quill';
import 'quill/dist/quill.core.css';
import { Bold, Heading2, Heading3, Italic, Link2, List, ListOrdered, Quote, RemoveFormatting, Strikethrough, Underline } from 'lucide-react';
import { translate, useT, type MessageId } from '@/i18n';

const FORMATS = ['bold', 'italic', 'underline', 'strike', 'header', 'list', 'blockquote', 'link'];

/** Quill's semantic HTML, minus its habit of writing every space as &nbsp; (quill#4509). */
export function cleanHtml(html: string): string {
  return html.replace(/&nbsp;/g, ' ');
}

interface RichTextEditorProps {
  id: string;
  labelId: string;
  initialHtml: string;
  onChange: (html: string) => void;
  describedBy?: string;
}

const BUTTONS: { format: string; value?: string; label: MessageId; icon: typeof Bold }[] = [
  { format: 'bold', label: 'editor.bold', icon: Bold },
  { format: 'italic', label: 'editor.italic', icon: Italic },
  { format: 'underline', label: 'editor.underline', icon: Underline },
  { format: 'strike', label: 'editor.strike', icon: Strikethrough },
  { format: 'header', value: '2', label: 'editor.heading', icon: Heading2 },
  { format: 'header', value: '3', label: 'editor.subheading', icon: Heading3 },
  { format: 'list', value: 'bullet', label: 'editor.bulletList', icon: List },
  { format: 'list', value: 'ordered', label: 'editor.numberedList', icon: ListOrdered },
  { format: 'blockquote', label: 'editor.quote', icon: Quote },
  { format: 'link', label: 'editor.link', icon: Link2 },
  { format: 'clean', label: 'editor.clean', icon: RemoveFormatting },
];

export default function RichTextEditor({ id, labelId, initialHtml, onChange, describedBy }: RichTextEditorProps) {
  const t = useT();
  const toolbar = useRef<HTMLDivElement>(null);
  const host = useRef<HTMLDivElement>(null);
  const change = useRef(onChange);
  change.current = onChange;
  const made = useRef(false);
  useEffect(() => {
    const container = host.current;
    // once per mounted component (React's development double effects must not bind the toolbar twice)
    if (!container || !toolbar.current || made.current) return;
    made.current = true;
    const element = document.createElement('div');
    container.appendChild(element);
    const quill = new Quill(element, {
      formats: FORMATS,
      modules: {
        toolbar: {
          container: toolbar.current,
          handlers: {
            link(this: { quill: Quill }, value: boolean) {
              if (!value) return this.quill.format('link', false);
              const href = window.prompt(translate('editor.linkPrompt'));
              if (href && /^(https?:|mailto:)/i.test(href.trim())) this.quill.format('link', href.trim());
            },
          },
        },
      },
      placeholder: t('editor.placeholder'),
    });
    if (initialHtml) quill.setContents(quill.clipboard.convert({ html: initialHtml }), 'silent');
    const root = quill.root;
    root.id = id;
    root.setAttribute('role', 'textbox');
    root.setAttribute('aria-multiline', 'true');
    root.setAttribute('aria-labelledby', labelId);
    if (describedBy) root.setAttribute('aria-describedby', describedBy);
    quill.on('text-change', () => change.current(quill.getText().trim() ? cleanHtml(quill.getSemanticHTML()) : ''));
    // the editor is made once; later values come from the person typing in it
  }, []);
  return (
    <div className="rte">
      <div ref={toolbar} className="rte-toolbar" role="toolbar" aria-label={t('editor.toolbar')}>
        {BUTTONS.map((button) => (
          <button
            key={`${button.format}-${button.value ?? ''}`}
            type="button"
            className={`ql-${button.format}`}
            value={button.value}
            aria-label={t(button.label)}
            title={t(button.label)}
          >
            <button.icon size={18} aria-hidden="true" />
          </button>
        ))}
      </div>
      <div ref={host} className="rte-body" />
    </div>
  );
}
