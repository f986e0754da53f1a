import Alert from '@mui/material/Alert';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useMyProxies } from '../api/my-proxies';
import { LoadError } from '../region-browser/location-list';
import { CopyCredential } from './copy-credential';

/** 'My Proxies': each purchased proxy whole, in the chosen format, copied on click. */
export function MyProxies() {
  const { data, isPending, isError, error } = useMyProxies();
  return (
    <Paper variant="outlined" component="section" aria-labelledby="my-proxies-title" sx={{ p: 2, minWidth: 0 }}>
      <Typography id="my-proxies-title" component="h2" variant="h6">
        My Proxies
      </Typography>
      {isPending && <Skeleton height={32} />}
      {isError && <LoadError error={error} />}
      {data?.length === 0 && <Alert severity="info">No proxies yet: the ones you buy appear here for 24 hours.</Alert>}
      {data && data.length > 0 && (
        <List dense aria-label="My proxies">
          {data.map((own) => (
            <ListItem key={`${own.socks_auth}@${own.proxy}`} disableGutters data-testid="my-proxy">
              <CopyCredential credentials={own} toast="Link Copied" />
            </ListItem>
          ))}
        </List>
      )}
    </Paper>
  );
}
