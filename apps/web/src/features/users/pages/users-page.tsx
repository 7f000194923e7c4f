/** Placeholder for the users screen until its feature lands. */
import { PlaceholderPage } from '../../../components/placeholder-page';

export default function UsersPage() {
  return <PlaceholderPage screen="users" />;
}
