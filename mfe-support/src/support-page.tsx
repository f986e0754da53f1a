import { Box } from '@mui/material';
import { Route, Routes, useNavigate } from 'react-router';
import { BuildLabel } from 'shared/ui/build-label';
import { DeskPage } from './desk/desk-page';
import { DeskTicketPage } from './desk/desk-ticket-page';
import { NewTicketForm } from './new-ticket/new-ticket-form';
import { TicketDetailPage } from './ticket-detail/ticket-detail-page';
import { TicketListPage } from './ticket-list/ticket-list-page';

/** /support, /support/new, /support/{id}, and the desk of the support team at /support/desk. */
export default function SupportPage() {
  return (
    <Box component="section">
      <Routes>
        <Route index element={<TicketListPage />} />
        <Route path="new" element={<NewTicketPage />} />
        <Route path="desk" element={<DeskPage />} />
        <Route path="desk/:ticketId" element={<DeskTicketPage />} />
        <Route path=":ticketId" element={<TicketDetailPage />} />
      </Routes>
      <BuildLabel app={__APP_NAME__} label={__BUILD_LABEL__} />
    </Box>
  );
}

/** /support/new: the same form as the list's inline one; both ways lead back to the list. */
function NewTicketPage() {
  const navigate = useNavigate();
  const toList = () => void navigate('/support');
  return <NewTicketForm onBack={toList} onCreated={toList} />;
}
