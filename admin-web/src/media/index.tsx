import PermMediaIcon from '@mui/icons-material/PermMedia';
import { Datagrid, DateField, DeleteButton, List, NumberField, TextField, TextInput, SelectInput } from 'react-admin';

const filters = [
  <TextInput key="q" source="q" label="Search name or user" alwaysOn />,
  <SelectInput
    key="type"
    source="type"
    label="Type"
    choices={[
      { id: 'image', name: 'Image' },
      { id: 'video', name: 'Video' },
    ]}
  />,
];

const MediaList = () => (
  <List filters={filters} sort={{ field: 'uploadedAt', order: 'DESC' }}>
    <Datagrid bulkActionButtons={false} rowClick={false}>
      <TextField source="id" />
      <TextField source="originalName" label="Name" />
      <TextField source="username" label="User" />
      <TextField source="mimeType" label="Type" />
      <NumberField source="size" />
      <NumberField source="hotVotes" label="Hot" />
      <NumberField source="notVotes" label="Not" />
      <NumberField source="totalViews" label="Views" />
      <DateField source="uploadedAt" label="Uploaded" showTime />
      <DeleteButton mutationMode="pessimistic" confirmTitle='Delete "%{recordRepresentation}"?' />
    </Datagrid>
  </List>
);

export default { list: MediaList, icon: PermMediaIcon, recordRepresentation: 'originalName' };
