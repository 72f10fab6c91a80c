import CampaignIcon from '@mui/icons-material/Campaign';
import DnsIcon from '@mui/icons-material/Dns';
import FileDownloadIcon from '@mui/icons-material/FileDownload';
import HowToVoteIcon from '@mui/icons-material/HowToVote';
import Inventory2Icon from '@mui/icons-material/Inventory2';
import PeopleIcon from '@mui/icons-material/People';
import PermMediaIcon from '@mui/icons-material/PermMedia';
import AltRouteIcon from '@mui/icons-material/AltRoute';
import FlagIcon from '@mui/icons-material/Flag';
import ManageSearchIcon from '@mui/icons-material/ManageSearch';
import { Divider } from '@mui/material';
import { Logout, Menu as RaMenu } from 'react-admin';
import { VersionLine } from './VersionLine';

/** The sidebar (spec §2 "Admin routes", plus issue 12's Moderation and Audit log): every operator page, then Logout and the running version. */
export const Menu = () => (
  <RaMenu>
    <RaMenu.DashboardItem />
    <RaMenu.Item to="/media" primaryText="Media" leftIcon={<PermMediaIcon />} />
    <RaMenu.Item to="/users" primaryText="Users" leftIcon={<PeopleIcon />} />
    <RaMenu.Item to="/moderation" primaryText="Moderation" leftIcon={<FlagIcon />} />
    <RaMenu.Item to="/export-votes" primaryText="Export Votes" leftIcon={<FileDownloadIcon />} />
    <RaMenu.Item to="/bucket" primaryText="Bucket Manager" leftIcon={<Inventory2Icon />} />
    <RaMenu.Item to="/traffic-handlers" primaryText="Traffic Handlers" leftIcon={<AltRouteIcon />} />
    <RaMenu.Item to="/ads" primaryText="Ads" leftIcon={<CampaignIcon />} />
    <RaMenu.Item to="/dbtest" primaryText="DB Admin" leftIcon={<DnsIcon />} />
    <RaMenu.Item to="/populate-votes" primaryText="Populate Votes" leftIcon={<HowToVoteIcon />} />
    <RaMenu.Item to="/audit" primaryText="Audit log" leftIcon={<ManageSearchIcon />} />
    <Divider sx={{ my: 1 }} />
    <Logout />
    <VersionLine />
  </RaMenu>
);
