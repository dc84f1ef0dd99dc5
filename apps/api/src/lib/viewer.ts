import { STAFF_ROLES, type Role } from '@app/shared/constants';

/** Who is looking: what a person may see of another depends on it. */
export interface Viewer {
  id: number;
  role: Role;
}

/** The person themselves or staff: they see everything of a profile, others only the card. */
export const seesEverythingOf = (viewer: Viewer, userId: number) =>
  viewer.id === userId || STAFF_ROLES.includes(viewer.role);
