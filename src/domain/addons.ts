// Project add-ons (spec A2.5 /settings/addons?panel=, A3/B3 Add-ons response, B6, B7, C§9 cache 1 h): which panels
// exist, their variants, and what each means on the local platform. Shared by the platform (server/infrastructure),
// which checks a selection, and the console, which words it.

/** spec B3: selected_addons[].type. ipv4 is the address add-on of A2.5's panel=ipv4. */
export const ADDON_TYPES = ['compute_instance', 'pitr', 'custom_domain', 'ipv4'] as const;
export type AddonType = (typeof ADDON_TYPES)[number];

export interface SelectedAddon {
  type: string;
  variant: { identifier: string };
}

/** The add-ons a user selects on the add-ons page (compute changes through the compute size, a restart). */
export const SELECTABLE_ADDONS = ['pitr', 'ipv4', 'custom_domain'] as const;
export type SelectableAddon = (typeof SELECTABLE_ADDONS)[number];

/** Variants offered per selectable add-on (PITR keeps 7, 14 or 28 days). */
export const ADDON_VARIANTS: Readonly<Record<SelectableAddon, readonly { identifier: string; label: string }[]>> = {
  pitr: [
    { identifier: 'pitr_7', label: '7 days of recovery' },
    { identifier: 'pitr_14', label: '14 days of recovery' },
    { identifier: 'pitr_28', label: '28 days of recovery' },
  ],
  ipv4: [{ identifier: 'ipv4_default', label: 'Dedicated IPv4 address' }],
  custom_domain: [{ identifier: 'cd_default', label: 'Custom domain' }],
};

/** The panels of /settings/addons?panel= (A2.5 names ipv4 and pitr; computeInstance and customDomain like them). */
export const ADDON_PANELS = ['computeInstance', 'pitr', 'customDomain', 'ipv4'] as const;
export type AddonPanel = (typeof ADDON_PANELS)[number];

export const PANEL_ADDON: Readonly<Record<AddonPanel, AddonType>> = {
  computeInstance: 'compute_instance',
  pitr: 'pitr',
  customDomain: 'custom_domain',
  ipv4: 'ipv4',
};

export const isAddonPanel = (value: string | undefined): value is AddonPanel => (ADDON_PANELS as readonly string[]).includes(value ?? '');
export const isSelectableAddon = (value: string): value is SelectableAddon => (SELECTABLE_ADDONS as readonly string[]).includes(value);

/** The variant identifier selected for `type`, or null. */
export const selectedVariant = (addons: readonly SelectedAddon[], type: AddonType): string | null =>
  addons.find((addon) => addon.type === type)?.variant.identifier ?? null;

/** spec B2.8: 'with data' branches need the PITR add-on. */
export const hasPitr = (addons: readonly SelectedAddon[]): boolean => selectedVariant(addons, 'pitr') !== null;

/** Whether `variant` is offered for `type`. */
export const isAddonVariant = (type: SelectableAddon, variant: string): boolean => ADDON_VARIANTS[type].some((v) => v.identifier === variant);

/** spec B6. */
export const AMEND_SUBSCRIPTION_REFUSED = 'You need additional permissions to amend subscriptions';

/** What each add-on does on this local platform, said plainly (issue 20: no pretending). */
export const LOCAL_ADDON_NOTES: Readonly<Record<AddonType, string>> = {
  pitr:
    'Point-in-time recovery cannot run on this local platform: Postgres archives WAL for a whole cluster, and every project here shares one cluster, so a restore to a point in time would rewind every project at once. Selecting the add-on records it for this project (it unlocks preview branches with data), but no WAL archive is kept and no point-in-time restore is possible — use the daily and manual backups instead.',
  ipv4:
    'The local platform listens on this machine only (127.0.0.1): selecting the add-on records it for this project, but no dedicated IPv4 address is assigned.',
  custom_domain:
    'The local platform serves every project under its own address and path (/p/{ref}): selecting the add-on records it, but no domain is verified or served.',
  compute_instance: 'The compute size is changed on the Compute and Disk page (the project restarts).',
};

export const ADDON_TITLES: Readonly<Record<AddonType, string>> = {
  compute_instance: 'Compute size',
  pitr: 'Point in time recovery',
  custom_domain: 'Custom domain',
  ipv4: 'Dedicated IPv4 address',
};
