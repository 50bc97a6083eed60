import type { ComponentType } from 'react';
import {
  Baby,
  Banknote,
  Book,
  Briefcase,
  Bus,
  Car,
  Coffee,
  CreditCard,
  Dumbbell,
  Film,
  Fuel,
  Gift,
  GraduationCap,
  Heart,
  House,
  Landmark,
  ListTodo,
  MapPin,
  Music,
  PawPrint,
  PiggyBank,
  Plane,
  Shirt,
  ShoppingCart,
  Smartphone,
  Star,
  Stethoscope,
  StickyNote,
  Tag,
  Utensils,
  Wallet,
  Wrench,
  Zap,
} from 'lucide-react';
import { useT, type MessageId } from '@/i18n';

type IconComponent = ComponentType<{ size?: number; 'aria-hidden'?: boolean | 'true'; color?: string }>;

/**
 * The icons a category or a note can carry, by the identifier the API stores (Lucide's names).
 * Imported one by one so only these end up in the bundle.
 */
export const ICONS: Record<string, { component: IconComponent; label: MessageId }> = {
  ShoppingCart: { component: ShoppingCart, label: 'icon.ShoppingCart' },
  Utensils: { component: Utensils, label: 'icon.Utensils' },
  Coffee: { component: Coffee, label: 'icon.Coffee' },
  House: { component: House, label: 'icon.House' },
  Zap: { component: Zap, label: 'icon.Zap' },
  Car: { component: Car, label: 'icon.Car' },
  Fuel: { component: Fuel, label: 'icon.Fuel' },
  Bus: { component: Bus, label: 'icon.Bus' },
  Plane: { component: Plane, label: 'icon.Plane' },
  Heart: { component: Heart, label: 'icon.Heart' },
  Stethoscope: { component: Stethoscope, label: 'icon.Stethoscope' },
  Gift: { component: Gift, label: 'icon.Gift' },
  Shirt: { component: Shirt, label: 'icon.Shirt' },
  Baby: { component: Baby, label: 'icon.Baby' },
  PawPrint: { component: PawPrint, label: 'icon.PawPrint' },
  GraduationCap: { component: GraduationCap, label: 'icon.GraduationCap' },
  Book: { component: Book, label: 'icon.Book' },
  Film: { component: Film, label: 'icon.Film' },
  Music: { component: Music, label: 'icon.Music' },
  Dumbbell: { component: Dumbbell, label: 'icon.Dumbbell' },
  Smartphone: { component: Smartphone, label: 'icon.Smartphone' },
  Wrench: { component: Wrench, label: 'icon.Wrench' },
  Briefcase: { component: Briefcase, label: 'icon.Briefcase' },
  Banknote: { component: Banknote, label: 'icon.Banknote' },
  Wallet: { component: Wallet, label: 'icon.Wallet' },
  CreditCard: { component: CreditCard, label: 'icon.CreditCard' },
  PiggyBank: { component: PiggyBank, label: 'icon.PiggyBank' },
  Landmark: { component: Landmark, label: 'icon.Landmark' },
  Tag: { component: Tag, label: 'icon.Tag' },
  StickyNote: { component: StickyNote, label: 'icon.StickyNote' },
  ListTodo: { component: ListTodo, label: 'icon.ListTodo' },
  Star: { component: Star, label: 'icon.Star' },
  MapPin: { component: MapPin, label: 'icon.MapPin' },
};

/** An icon by its stored name; an unknown name (made by another client) shows a tag. */
export function NamedIcon({ name, size = 20, color }: { name: string; size?: number; color?: string }) {
  const Icon = (ICONS[name] ?? ICONS.Tag).component;
  return <Icon size={size} aria-hidden="true" color={color} />;
}

export const COLORS: { value: string; label: MessageId }[] = [
  { value: '#3B82F6', label: 'colour.blue' },
  { value: '#10B981', label: 'colour.green' },
  { value: '#F59E0B', label: 'colour.amber' },
  { value: '#EF4444', label: 'colour.red' },
  { value: '#8B5CF6', label: 'colour.purple' },
  { value: '#EC4899', label: 'colour.pink' },
  { value: '#14B8A6', label: 'colour.teal' },
  { value: '#6B7280', label: 'colour.grey' },
];

interface PickerProps {
  legend: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
}

/** Colour as a row of labelled swatches (radio buttons: arrows move between them). */
export function ColorPicker({ legend, name, value, onChange, error }: PickerProps) {
  const t = useT();
  const options = COLORS.some((color) => color.value.toLowerCase() === value.toLowerCase())
    ? COLORS.map((color) => ({ value: color.value, label: t(color.label) }))
    : [...COLORS.map((color) => ({ value: color.value, label: t(color.label) })), { value, label: t('colour.current', { value }) }];
  return (
    <fieldset className={`picker${error ? ' field-error' : ''}`} id={name}>
      <legend>{legend}</legend>
      {error ? <p className="field-message">{error}</p> : null}
      <div className="picker-options">
        {options.map((color) => (
          <label key={color.value} className="swatch" title={color.label}>
            <input
              type="radio"
              name={name}
              value={color.value}
              checked={color.value.toLowerCase() === value.toLowerCase()}
              onChange={() => onChange(color.value)}
            />
            <span className="swatch-colour" style={{ background: color.value }} aria-hidden="true" />
            <span className="visually-hidden">{color.label}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** Icon as a grid of labelled icon buttons (radio buttons). */
export function IconPicker({ legend, name, value, onChange, error }: PickerProps) {
  const t = useT();
  return (
    <fieldset className={`picker${error ? ' field-error' : ''}`} id={name}>
      <legend>{legend}</legend>
      {error ? <p className="field-message">{error}</p> : null}
      <div className="picker-options">
        {Object.entries(ICONS).map(([key, icon]) => (
          <label key={key} className="icon-choice" title={t(icon.label)}>
            <input type="radio" name={name} value={key} checked={key === value} onChange={() => onChange(key)} />
            <icon.component size={22} aria-hidden="true" />
            <span className="visually-hidden">{t(icon.label)}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
