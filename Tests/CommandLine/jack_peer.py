"""The MIDI peer's own process (jack_server.MidiPeer starts it): a JACK client whose process
callback runs in a Python of its own, so no thread of the test's (a reader of Imager's output,
the test itself) holds the interpreter while JACK waits on the callback. When standard input
closes, the client leaves the server and the process ends; MidiPeer kills it if that hangs.

Usage: jack_peer.py SERVER CLIENT. Reads one JSON request per line on standard input and
writes one JSON line per reply or event on standard output:
  {"op": "add_output", "name": N}                  -> {"reply": FULL_PORT_NAME}
  {"op": "add_input", "name": N, "physical": B}    -> {"reply": FULL_PORT_NAME}
  {"op": "send", "port": N, "data": [BYTES]}       -> nothing; goes out in the next cycle
  {"op": "connections", "port": FULL_PORT_NAME}    -> {"reply": [FULL_PORT_NAME, ...]}
  {"op": "xruns"}                                  -> {"reply": COUNT}
and, whenever MIDI reaches an input, {"received": [PORT_SHORT_NAME, [BYTES]]}. The first line
is {"ready": CLIENT_NAME}."""

import json
import os
import queue
import sys
import threading

import jack


def main():
    server, name = sys.argv[1], sys.argv[2]
    jack.set_error_function(lambda message: None)
    jack.set_info_function(lambda message: None)
    client = jack.Client(name, servername=server, no_start_server=True)
    outgoing = queue.SimpleQueue()   # (port, bytes), for the process callback
    lines = queue.SimpleQueue()      # what goes to standard output, one writer
    outputs = {}
    inputs = []
    xruns = [0]

    @client.set_process_callback
    def process(frames):
        for port in list(outputs.values()):
            port.clear_buffer()
        while True:
            try:
                port, data = outgoing.get_nowait()
            except queue.Empty:
                break
            outputs[port].write_midi_event(0, data)
        for port in list(inputs):
            for _, data in port.incoming_midi_events():
                lines.put({"received": [port.shortname, list(bytes(data))]})

    @client.set_xrun_callback
    def xrun(delay):
        xruns[0] += 1

    def write():
        while True:
            sys.stdout.write(json.dumps(lines.get()) + "\n")
            sys.stdout.flush()

    threading.Thread(target=write, daemon=True).start()
    client.activate()
    lines.put({"ready": client.name})

    for line in sys.stdin:
        request = json.loads(line)
        op = request["op"]
        if op == "add_output":
            port = client.midi_outports.register(request["name"])
            outputs[request["name"]] = port
            lines.put({"reply": port.name})
        elif op == "add_input":
            port = client.midi_inports.register(request["name"], is_physical=request["physical"])
            inputs.append(port)
            lines.put({"reply": port.name})
        elif op == "send":
            outgoing.put((request["port"], bytes(request["data"])))
        elif op == "connections":
            lines.put({"reply": [port.name for port in client.get_all_connections(request["port"])]})
        elif op == "xruns":
            lines.put({"reply": xruns[0]})
    # Standard input closed: the test is done with the peer.
    client.deactivate()
    client.close()
    os._exit(0)


if __name__ == "__main__":
    main()
