/** Who acts on a case: the signed-in user as the auth plugin finds them, and the name the timeline records. Kept
 * here, below the plugins, so the engine, its helpers and the modules share it without importing a plugin. */
import type { Role } from '@portal/contract';
import type { Actor } from '../repositories/timeline';

export interface CurrentUser {
  id: string;
  email: string;
  fullName: string;
  role: Role;
  /** An officer's zone (null or absent: every zone): a zonal manager with one works only that zone's cases. */
  zone?: string | null;
}

/** The zone whose cases alone the user works: a zonal manager's own; undefined for every other user and role. */
export function zoneScopeOf(user: CurrentUser): string | undefined {
  return user.role === 'zonal_manager' && user.zone ? user.zone : undefined;
}

/** The zone a list, count or export of this user reads: a zonal manager's own whatever was asked, else the zone asked
 * for (if any). */
export function zoneOfList(user: CurrentUser, asked: string | undefined): string | undefined {
  return zoneScopeOf(user) ?? asked;
}

export function actorOf(user: CurrentUser): Actor {
  return { id: user.id, role: user.role, name: user.fullName };
}
