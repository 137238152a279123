import { OrdinancesList } from './OrdinancesList.tsx';
import '../account/account.css';
import './profile.css';

/** The account's ordinances with their styles, as one lazily loaded module (for /fines/). */
export default function AccountOrdinances() {
  return <OrdinancesList returnUrl="/fines/" />;
}
