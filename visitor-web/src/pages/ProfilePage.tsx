import { useSession } from '../lib/session';
import { PageHeader } from '../components/PageHeader';
import { Spinner } from '../components/Spinner';
import { ProfileCard } from '../features/profile/components/ProfileCard';
import { UpdateInfoForm } from '../features/profile/components/UpdateInfoForm';
import { LocationCard } from '../features/profile/components/LocationCard';
import { SessionInfoCard } from '../features/profile/components/SessionInfoCard';
import { DevicesCard } from '../features/profile/components/DevicesCard';
import { DeleteAccountCard } from '../features/profile/components/DeleteAccountCard';
import { DownloadDataCard } from '../features/profile/components/DownloadDataCard';
import { SaveAccountCard } from '../features/account/components/SaveAccountCard';
import './profile-page.css';

export default function ProfilePage() {
  const { user, setUser, logout, loginAsNewUser } = useSession();
  return (
    <div className="page">
      <PageHeader title="Edit Profile">Your name, your location and how to keep this account.</PageHeader>
      {!user ? (
        <div className="page-loading">
          <Spinner label="Loading your profile..." />
        </div>
      ) : (
        <div className="profile-grid">
          <div className="profile-grid__col">
            <ProfileCard user={user} />
            <UpdateInfoForm user={user} onSaved={setUser} />
            <LocationCard user={user} onSaved={setUser} />
          </div>
          <div className="profile-grid__col">
            <SaveAccountCard user={user} />
            <SessionInfoCard user={user} />
            <DevicesCard onLogout={() => void logout()} />
            <DownloadDataCard userId={user.id} />
            <DeleteAccountCard user={user} onDeleted={() => void loginAsNewUser()} />
          </div>
        </div>
      )}
    </div>
  );
}
