import { Alert, List, ListItem, ListItemButton, ListItemText, Paper, Skeleton, Typography } from '@mui/material';
import { useSnackbar } from 'notistack';
import { proxyLink, useMyProxies } from '../api/my-proxies';
import { LoadError } from '../region-browser/location-list';
import { copyText } from './copy-text';

/** 'My Proxies': each purchased proxy as login:pass@ip:port, copied on click. */
export function MyProxies() {
  const { data, isPending, isError, error } = useMyProxies();
  const { enqueueSnackbar } = useSnackbar();
  return (
    <Paper variant="outlined" component="section" aria-labelledby="my-proxies-title" sx={{ p: 2 }}>
      <Typography id="my-proxies-title" component="h2" variant="h6">
        My Proxies
      </Typography>
      {isPending && <Skeleton height={32} />}
      {isError && <LoadError error={error} />}
      {data?.length === 0 && <Alert severity="info">No proxies yet: the ones you buy appear here for 24 hours.</Alert>}
      {data && data.length > 0 && (
        <List dense aria-label="My proxies">
          {data.map((own) => {
            const link = proxyLink(own);
            return (
              <ListItem key={link} disablePadding>
                <ListItemButton
                  onClick={async () => {
                    if (await copyText(link)) enqueueSnackbar('Link Copied', { variant: 'success' });
                  }}
                >
                  <ListItemText primary={link} secondary="Click to copy" slotProps={{ primary: { sx: { fontFamily: 'monospace' } } }} />
                </ListItemButton>
              </ListItem>
            );
          })}
        </List>
      )}
    </Paper>
  );
}
