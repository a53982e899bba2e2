#ifndef IMAGER_CMIDI_H
#define IMAGER_CMIDI_H

/* The two MIDI transports' C side. JACK's process callback runs on a realtime thread that
 * must not allocate, lock or call into Swift: it only copies events between JACK's buffers
 * and lock-free ring buffers, which a normal thread drains (imager_jack_*). The ALSA
 * sequencer's event structures and helpers are macros Swift cannot import, so opening,
 * reading and sending live here too (imager_alsa_*). Everything else (which ports to connect,
 * names, mapping) is Swift's. */

#include <stddef.h>
#include <stdint.h>
#include <jack/jack.h>
#include <jack/midiport.h>

/* ---- JACK ---- */

typedef struct imager_jack imager_jack;

/* Opens client `client_name` on the running server (never starts one), with a MIDI input
 * port `midi_in` and output port `midi_out`, and activates it. NULL with a reason in
 * `error` when there is no server or it refuses. */
imager_jack *imager_jack_open(const char *client_name, char *error, size_t error_size);
void imager_jack_close(imager_jack *jack);
jack_client_t *imager_jack_client(imager_jack *jack);
jack_port_t *imager_jack_input_port(imager_jack *jack);
jack_port_t *imager_jack_output_port(imager_jack *jack);

/* Waits up to `timeout_ms` for input, a port appearing or going, or the server shutting down. */
void imager_jack_wait(imager_jack *jack, int timeout_ms);
/* Copies the next received event into `bytes`; its length, or 0 when none is waiting. */
size_t imager_jack_read(imager_jack *jack, uint8_t *bytes, size_t capacity);
/* 1 once if ports were registered or unregistered since the last call. */
int imager_jack_take_ports_changed(imager_jack *jack);
/* Has the reading thread (waiting in imager_jack_wait) connect its ports again, as when ports
 * come and go: how a caller that must not wait on the server changes the connections. */
void imager_jack_request_reconnect(imager_jack *jack);
/* 1 once the server has shut the client down. */
int imager_jack_is_shut_down(imager_jack *jack);
/* Queues one message for midi_out (sent in the next cycle); 0 when the queue is full. */
int imager_jack_send(imager_jack *jack, const uint8_t *bytes, size_t count);
/* Events dropped because the input queue was full (a flood). */
uint64_t imager_jack_dropped(imager_jack *jack);

/* ---- ALSA sequencer ---- */

typedef struct imager_alsa imager_alsa;

typedef struct {
    int client, port;
    int writable_hardware; /* takes MIDI back and is a device, not a program: feedback may go to it */
    char name[256];        /* "client name:port name" */
} imager_alsa_port;

enum { IMAGER_ALSA_NONE = 0, IMAGER_ALSA_MIDI = 1, IMAGER_ALSA_PORTS_CHANGED = 2 };

typedef struct {
    int kind;
    int client, port;      /* the source, for IMAGER_ALSA_MIDI */
    size_t length;
    uint8_t bytes[256];
} imager_alsa_event;

/* Opens the sequencer as client `client_name` with ports "MIDI In" and "MIDI Out", listening
 * to the system's announcements of ports that appear and go. NULL with a reason in `error`. */
imager_alsa *imager_alsa_open(const char *client_name, char *error, size_t error_size);
void imager_alsa_close(imager_alsa *alsa);
/* Fills up to `capacity` readable MIDI ports of other clients; returns how many. */
int imager_alsa_sources(imager_alsa *alsa, imager_alsa_port *ports, int capacity);
/* Subscribes "MIDI In" to a source (1 on success) or ends that subscription. */
int imager_alsa_connect(imager_alsa *alsa, int client, int port);
void imager_alsa_disconnect(imager_alsa *alsa, int client, int port);
/* Waits up to `timeout_ms` for an event. */
void imager_alsa_wait(imager_alsa *alsa, int timeout_ms);
/* Takes the next event; kind IMAGER_ALSA_NONE when none is waiting. */
void imager_alsa_read(imager_alsa *alsa, imager_alsa_event *event);
/* Sends one message from "MIDI Out" straight to client:port. 1 on success. */
int imager_alsa_send(imager_alsa *alsa, int client, int port, const uint8_t *bytes, size_t count);

#endif
