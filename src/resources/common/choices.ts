/** A record's status (customers, their users, CORS entries): the spec's active and passive. */
export const STATUS_CHOICES = [
  { id: 'active', name: 'segra.status_values.active' },
  { id: 'passive', name: 'segra.status_values.passive' },
];
