import CampaignIcon from '@mui/icons-material/Campaign';
import InsightsIcon from '@mui/icons-material/Insights';
import { Menu, useBasename } from 'react-admin';

/** The dashboards first, then each resource staff may list (react-admin hides the ones their role lacks). */
export function AdminMenu() {
  const basename = useBasename();
  return (
    <Menu>
      <Menu.DashboardItem />
      <Menu.Item to={`${basename}/analytics`} primaryText="Analytics" leftIcon={<InsightsIcon />} />
      <Menu.Item to={`${basename}/advertising`} primaryText="Advertising" leftIcon={<CampaignIcon />} />
      <Menu.ResourceItem name="vehicles" />
      <Menu.ResourceItem name="listing-changes" />
      <Menu.ResourceItem name="reports" />
      <Menu.ResourceItem name="users" />
      <Menu.ResourceItem name="payments" />
      <Menu.ResourceItem name="advertising-packages" />
      <Menu.ResourceItem name="rentals" />
      <Menu.ResourceItem name="rental-vehicles" />
      <Menu.ResourceItem name="reviews" />
      <Menu.ResourceItem name="contact-messages" />
      <Menu.ResourceItem name="dealer-requests" />
      <Menu.ResourceItem name="audit-log" />
    </Menu>
  );
}
