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

type IconComponent = ComponentType<{ size?: number; 'aria-hidden'?: boolean | 'true'; color?: string }>;

/**
 * The icons a category or a note can carry, by the identifier the API stores (Lucide's names).
 * Imported one by one so only these end up in the bundle.
 */
export const ICONS: Record<string, { component: IconComponent; label: string }> = {
  ShoppingCart: { component: ShoppingCart, label: 'Shopping' },
  Utensils: { component: Utensils, label: 'Food' },
  Coffee: { component: Coffee, label: 'Coffee' },
  House: { component: House, label: 'Home' },
  Zap: { component: Zap, label: 'Energy' },
  Car: { component: Car, label: 'Car' },
  Fuel: { component: Fuel, label: 'Fuel' },
  Bus: { component: Bus, label: 'Transport' },
  Plane: { component: Plane, label: 'Travel' },
  Heart: { component: Heart, label: 'Health' },
  Stethoscope: { component: Stethoscope, label: 'Doctor' },
  Gift: { component: Gift, label: 'Gifts' },
  Shirt: { component: Shirt, label: 'Clothes' },
  Baby: { component: Baby, label: 'Children' },
  PawPrint: { component: PawPrint, label: 'Pets' },
  GraduationCap: { component: GraduationCap, label: 'Education' },
  Book: { component: Book, label: 'Books' },
  Film: { component: Film, label: 'Films' },
  Music: { component: Music, label: 'Music' },
  Dumbbell: { component: Dumbbell, label: 'Sport' },
  Smartphone: { component: Smartphone, label: 'Phone' },
  Wrench: { component: Wrench, label: 'Repairs' },
  Briefcase: { component: Briefcase, label: 'Work' },
  Banknote: { component: Banknote, label: 'Salary' },
  Wallet: { component: Wallet, label: 'Wallet' },
  CreditCard: { component: CreditCard, label: 'Card' },
  PiggyBank: { component: PiggyBank, label: 'Savings' },
  Landmark: { component: Landmark, label: 'Bank' },
  Tag: { component: Tag, label: 'Other' },
  StickyNote: { component: StickyNote, label: 'Note' },
  ListTodo: { component: ListTodo, label: 'To-do' },
  Star: { component: Star, label: 'Star' },
  MapPin: { component: MapPin, label: 'Place' },
};

/** An icon by its stored name; an unknown name (made by another client) shows a tag. */
export function NamedIcon({ name, size = 20, color }: { name: string; size?: number; color?: string }) {
  const Icon = (ICONS[name] ?? ICONS.Tag).component;
  return <Icon size={size} aria-hidden="true" color={color} />;
}

export const COLORS: { value: string; label: string }[] = [
  { value: '#3B82F6', label: 'Blue' },
  { value: '#10B981', label: 'Green' },
  { value: '#F59E0B', label: 'Amber' },
  { value: '#EF4444', label: 'Red' },
  { value: '#8B5CF6', label: 'Purple' },
  { value: '#EC4899', label: 'Pink' },
  { value: '#14B8A6', label: 'Teal' },
  { value: '#6B7280', label: 'Grey' },
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
  const options = COLORS.some((color) => color.value.toLowerCase() === value.toLowerCase())
    ? COLORS
    : [...COLORS, { value, label: `Current (${value})` }];
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
  return (
    <fieldset className={`picker${error ? ' field-error' : ''}`} id={name}>
      <legend>{legend}</legend>
      {error ? <p className="field-message">{error}</p> : null}
      <div className="picker-options">
        {Object.entries(ICONS).map(([key, icon]) => (
          <label key={key} className="icon-choice" title={icon.label}>
            <input type="radio" name={name} value={key} checked={key === value} onChange={() => onChange(key)} />
            <icon.component size={22} aria-hidden="true" />
            <span className="visually-hidden">{icon.label}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
