import { getMetadataStorage } from 'class-validator';

type Storage = ReturnType<typeof getMetadataStorage>;
type Metadata = ReturnType<Storage['getTargetValidationMetadatas']>[number];

let installed = false;

/**
 * class-validator collects a class's rules on every validate() call, scanning the rules of every
 * DTO class for inherited ones. The rules are fixed once the classes are loaded, so the answer is
 * kept per class and options (and forgotten whenever a rule is added, as when a class loads late).
 * The cached arrays are only read by class-validator.
 */
export function cacheValidationMetadata(): void {
  if (installed) return;
  installed = true;
  const storage: Storage = getMetadataStorage();
  const collect = storage.getTargetValidationMetadatas.bind(storage);
  const group = storage.groupByPropertyName.bind(storage);
  const add = storage.addValidationMetadata.bind(storage);
  let byTarget = new WeakMap<Function, Map<string, Metadata[]>>();
  let grouped = new WeakMap<Metadata[], Record<string, Metadata[]>>();
  storage.addValidationMetadata = (metadata) => {
    byTarget = new WeakMap<Function, Map<string, Metadata[]>>();
    grouped = new WeakMap<Metadata[], Record<string, Metadata[]>>();
    add(metadata);
  };
  storage.getTargetValidationMetadatas = (target, schema, always, strictGroups, groups) => {
    if (typeof target !== 'function') return collect(target, schema, always, strictGroups, groups);
    const key = `${schema}\u0000${always}\u0000${strictGroups}\u0000${groups?.join('\u0000') ?? ''}`;
    let byOptions = byTarget.get(target);
    if (!byOptions) byTarget.set(target, (byOptions = new Map()));
    let metadatas = byOptions.get(key);
    if (!metadatas) byOptions.set(key, (metadatas = collect(target, schema, always, strictGroups, groups)));
    return metadatas;
  };
  storage.groupByPropertyName = (metadatas) => {
    let byProperty = grouped.get(metadatas);
    if (!byProperty) grouped.set(metadatas, (byProperty = group(metadatas)));
    return byProperty;
  };
}
