export { Button } from './Button';
export { Checkbox, Field, SelectField } from './Field';
export { ErrorSummary, Notice } from './ErrorSummary';
export { Dialog } from './Dialog';
export { Table, type Column } from './Table';
export { EmptyState } from './EmptyState';
export { DateText, Money, formatDate, formatMoney } from './format';
export { LoadError, LoadState, Page, Skeleton } from './Page';
