/** Who acts on a case: the signed-in user as the auth plugin finds them, and the name the timeline records. Kept
 * here, below the plugins, so the engine, its helpers and the modules share it without importing a plugin. */
import type { Role } from '@portal/contract';
import type { Actor } from '../repositories/timeline';

export interface CurrentUser {
  id: string;
  email: string;
  fullName: string;
  role: Role;
}

export function actorOf(user: CurrentUser): Actor {
  return { id: user.id, role: user.role, name: user.fullName };
}
