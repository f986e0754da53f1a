import { Box, Paper, Stack, Typography } from '@mui/material';
import type { TicketMessage } from 'contract/support';
import { formatDateTime } from 'shared/format/date';

/** A ticket's messages, oldest first: sender, date-time and text; the shop's replies stand out. */
export function MessageList({ messages }: { messages: TicketMessage[] }) {
  if (messages.length === 0) return <Typography color="text.secondary">No messages</Typography>;
  return (
    <Stack component="ol" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label="Messages">
      {messages.map((message) => (
        <Paper
          component="li"
          key={message._id}
          variant="outlined"
          sx={{ p: 2, borderLeftWidth: 4, borderLeftColor: message.fromSupport ? 'primary.main' : 'divider' }}
        >
          <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 1.5, rowGap: 0.5, alignItems: 'baseline', mb: 0.5 }}>
            <Typography component="span" sx={{ fontWeight: 600 }}>
              {message.senderId.username}
            </Typography>
            <Typography component="time" variant="body2" color="text.secondary" dateTime={message.createdAt}>
              {formatDateTime(message.createdAt)}
            </Typography>
          </Box>
          <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{message.text}</Typography>
        </Paper>
      ))}
    </Stack>
  );
}
