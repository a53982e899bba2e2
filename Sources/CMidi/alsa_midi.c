#include "CMidi.h"

#include <errno.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <alsa/asoundlib.h>

struct imager_alsa {
    snd_seq_t *seq;
    int client, in_port, out_port;
    snd_midi_event_t *decoder, *encoder;
};

/* alsa-lib's own messages go to standard error raw; Imager reports failures itself. */
static void quiet(const char *file, int line, const char *function, int err, const char *format, ...) {
    (void)file; (void)line; (void)function; (void)err; (void)format;
}

imager_alsa *imager_alsa_open(const char *client_name, char *error, size_t error_size) {
    snd_lib_error_set_handler(quiet);
    snd_seq_t *seq;
    int result = snd_seq_open(&seq, "default", SND_SEQ_OPEN_DUPLEX, SND_SEQ_NONBLOCK);
    if (result < 0) {
        snprintf(error, error_size, "cannot open the ALSA sequencer: %s", snd_strerror(result));
        return NULL;
    }
    imager_alsa *alsa = calloc(1, sizeof *alsa);
    if (!alsa) { snd_seq_close(seq); snprintf(error, error_size, "out of memory"); return NULL; }
    alsa->seq = seq;
    snd_seq_set_client_name(seq, client_name);
    alsa->client = snd_seq_client_id(seq);
    alsa->in_port = snd_seq_create_simple_port(seq, "MIDI In", SND_SEQ_PORT_CAP_WRITE | SND_SEQ_PORT_CAP_SUBS_WRITE,
                                               SND_SEQ_PORT_TYPE_MIDI_GENERIC | SND_SEQ_PORT_TYPE_APPLICATION);
    alsa->out_port = snd_seq_create_simple_port(seq, "MIDI Out", SND_SEQ_PORT_CAP_READ | SND_SEQ_PORT_CAP_SUBS_READ,
                                                SND_SEQ_PORT_TYPE_MIDI_GENERIC | SND_SEQ_PORT_TYPE_APPLICATION);
    if (alsa->in_port < 0 || alsa->out_port < 0 || snd_midi_event_new(256, &alsa->decoder) < 0 || snd_midi_event_new(256, &alsa->encoder) < 0) {
        snprintf(error, error_size, "the ALSA sequencer refused Imager's ports");
        imager_alsa_close(alsa);
        return NULL;
    }
    /* Whole messages out of the decoder, each with its status byte: the parser in Swift keeps
     * its own running status per source. */
    snd_midi_event_no_status(alsa->decoder, 1);
    /* Ports and clients that appear and go are announced on System:Announce. */
    snd_seq_connect_from(seq, alsa->in_port, SND_SEQ_CLIENT_SYSTEM, SND_SEQ_PORT_SYSTEM_ANNOUNCE);
    return alsa;
}

void imager_alsa_close(imager_alsa *alsa) {
    if (!alsa) return;
    if (alsa->decoder) snd_midi_event_free(alsa->decoder);
    if (alsa->encoder) snd_midi_event_free(alsa->encoder);
    snd_seq_close(alsa->seq);
    free(alsa);
}

int imager_alsa_sources(imager_alsa *alsa, imager_alsa_port *ports, int capacity) {
    snd_seq_client_info_t *client;
    snd_seq_port_info_t *port;
    snd_seq_client_info_alloca(&client);
    snd_seq_port_info_alloca(&port);
    int count = 0;
    snd_seq_client_info_set_client(client, -1);
    while (count < capacity && snd_seq_query_next_client(alsa->seq, client) >= 0) {
        int id = snd_seq_client_info_get_client(client);
        if (id == alsa->client || id == SND_SEQ_CLIENT_SYSTEM) continue;
        snd_seq_port_info_set_client(port, id);
        snd_seq_port_info_set_port(port, -1);
        while (count < capacity && snd_seq_query_next_port(alsa->seq, port) >= 0) {
            unsigned caps = snd_seq_port_info_get_capability(port);
            unsigned type = snd_seq_port_info_get_type(port);
            if ((caps & (SND_SEQ_PORT_CAP_READ | SND_SEQ_PORT_CAP_SUBS_READ)) != (SND_SEQ_PORT_CAP_READ | SND_SEQ_PORT_CAP_SUBS_READ)) continue;
            if (caps & SND_SEQ_PORT_CAP_NO_EXPORT) continue;
            if (!(type & SND_SEQ_PORT_TYPE_MIDI_GENERIC)) continue;
            imager_alsa_port *found = &ports[count++];
            found->client = id;
            found->port = snd_seq_port_info_get_port(port);
            found->writable_hardware = (caps & SND_SEQ_PORT_CAP_WRITE) && (type & SND_SEQ_PORT_TYPE_HARDWARE);
            snprintf(found->name, sizeof found->name, "%s:%s", snd_seq_client_info_get_name(client), snd_seq_port_info_get_name(port));
        }
    }
    return count;
}

int imager_alsa_connect(imager_alsa *alsa, int client, int port) {
    int result = snd_seq_connect_from(alsa->seq, alsa->in_port, client, port);
    return result >= 0 || result == -EBUSY; /* EBUSY: already subscribed */
}

void imager_alsa_disconnect(imager_alsa *alsa, int client, int port) {
    snd_seq_disconnect_from(alsa->seq, alsa->in_port, client, port);
}

void imager_alsa_wait(imager_alsa *alsa, int timeout_ms) {
    struct pollfd fds[4];
    int count = snd_seq_poll_descriptors(alsa->seq, fds, 4, POLLIN);
    if (count > 0) poll(fds, (nfds_t)count, timeout_ms);
}

void imager_alsa_read(imager_alsa *alsa, imager_alsa_event *event) {
    event->kind = IMAGER_ALSA_NONE;
    event->length = 0;
    snd_seq_event_t *received;
    while (snd_seq_event_input(alsa->seq, &received) >= 0 && received) {
        switch (received->type) {
        case SND_SEQ_EVENT_CLIENT_START: case SND_SEQ_EVENT_CLIENT_EXIT: case SND_SEQ_EVENT_CLIENT_CHANGE:
        case SND_SEQ_EVENT_PORT_START: case SND_SEQ_EVENT_PORT_EXIT: case SND_SEQ_EVENT_PORT_CHANGE:
            event->kind = IMAGER_ALSA_PORTS_CHANGED;
            return;
        case SND_SEQ_EVENT_PORT_SUBSCRIBED: case SND_SEQ_EVENT_PORT_UNSUBSCRIBED:
            continue;
        default: {
            long length = snd_midi_event_decode(alsa->decoder, event->bytes, sizeof event->bytes, received);
            if (length <= 0) continue; /* not a MIDI message (or one too long): skipped */
            event->kind = IMAGER_ALSA_MIDI;
            event->client = received->source.client;
            event->port = received->source.port;
            event->length = (size_t)length;
            return;
        }
        }
    }
}

int imager_alsa_send(imager_alsa *alsa, int client, int port, const uint8_t *bytes, size_t count) {
    snd_seq_event_t event;
    snd_midi_event_reset_encode(alsa->encoder);
    for (size_t i = 0; i < count; i++) {
        snd_seq_ev_clear(&event);
        if (snd_midi_event_encode_byte(alsa->encoder, bytes[i], &event) == 1) {
            snd_seq_ev_set_source(&event, alsa->out_port);
            snd_seq_ev_set_dest(&event, client, port);
            snd_seq_ev_set_direct(&event);
            if (snd_seq_event_output_direct(alsa->seq, &event) < 0) return 0;
        }
    }
    return 1;
}
