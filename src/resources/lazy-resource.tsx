import { lazy, type ComponentType, type ReactElement } from 'react';
import { Resource } from 'react-admin';

export type View = 'list' | 'create' | 'edit' | 'show';

/** What a resource folder's index exports by default, as react-admin's demo does. */
export type ResourceFolder = Partial<Record<View, ComponentType>> & { icon: ComponentType };

interface Declaration<F> {
  /** The menu and title label's catalogue key. */
  label: string;
  /**
   * The folder's views. Named here, not read from the folder, because react-admin needs them
   * before the folder's chunk loads (its routes, create and edit links) and the login page
   * must not load it (issue 5).
   */
  views: (keyof F & View)[];
  recordRepresentation?: string;
}

/**
 * A react-admin resource from a lazily loaded folder (src/resources/<folder>/index.tsx), named by
 * its spec path (resource-names.ts) so its list lives at exactly that URL.
 */
export function lazyResource<F extends ResourceFolder>(
  resource: { name: string },
  load: () => Promise<{ default: F }>,
  { label, views, recordRepresentation }: Declaration<F>,
): ReactElement<{ name: string }> {
  const part = (key: View | 'icon') => lazy(() => load().then((m) => ({ default: m.default[key] as ComponentType })));
  const pages = Object.fromEntries(views.map((view) => [view, part(view)]));
  return (
    <Resource key={resource.name} name={resource.name} options={{ label }} icon={part('icon')} recordRepresentation={recordRepresentation} {...pages} />
  );
}
